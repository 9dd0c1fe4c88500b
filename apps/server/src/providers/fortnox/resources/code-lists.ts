import type { AccountingProvider, CodeItem } from '../../accounting/provider';
import type {
  FxCompanyInformation,
  FxCostCenter,
  FxPriceList,
  FxProject,
  FxTermsOfDelivery,
  FxTermsOfPayment,
  FxUnit,
} from '../fortnox-types';
import { codeItem, companyFromFx } from '../mapping';
import { all, type FortnoxContext, get } from './context';

export const codeList = async <F>(ctx: FortnoxContext, path: string, wrapper: string, map: (fx: F) => CodeItem) =>
  (await all<F>(ctx, path, wrapper, {})).map(map);

/** The company's information and code lists (units, price lists, cost centres, projects, terms). */
export function companyOf(ctx: FortnoxContext): Pick<AccountingProvider, 'companyInformation' | 'codeLists'> {
  return {
    async companyInformation() {
      return companyFromFx(
        (await get<{ CompanyInformation: FxCompanyInformation }>(ctx, 'companyinformation', 'document')).CompanyInformation,
      );
    },

    codeLists: {
      units: () => codeList<FxUnit>(ctx, 'units', 'Units', (u) => codeItem(u.Code, u.Description)),
      priceLists: () => codeList<FxPriceList>(ctx, 'pricelists', 'PriceLists', (p) => codeItem(p.Code, p.Description)),
      costCenters: () =>
        codeList<FxCostCenter>(ctx, 'costcenters', 'CostCenters', (c) => codeItem(c.Code, c.Description, { active: c.Active })),
      projects: () =>
        codeList<FxProject>(ctx, 'projects', 'Projects', (p) =>
          codeItem(p.ProjectNumber, p.Description, { active: p.Status !== 'COMPLETED' }),
        ),
      termsOfPayment: () =>
        codeList<FxTermsOfPayment>(ctx, 'termsofpayments', 'TermsOfPayments', (t) =>
          codeItem(t.Code, t.Description, { days: /^\d+$/.test(t.Code) ? Number(t.Code) : null }),
        ),
      termsOfDelivery: () =>
        codeList<FxTermsOfDelivery>(ctx, 'termsofdeliveries', 'TermsOfDeliveries', (t) => codeItem(t.Code, t.Description)),
    },
  };
}
