import type { AccountingProvider, CodeItem } from '../../accounting/provider';
import { companyFromVisma } from '../mapping';
import type { VismaContext } from './context';

/** The company and its code lists, as codes people use (read once per provider, context.ts). */
export function codeListsOf(ctx: VismaContext): Pick<AccountingProvider, 'companyInformation' | 'codeLists'> {
  const { refs } = ctx;
  return {
    async companyInformation() {
      return companyFromVisma(await ctx.company());
    },
    codeLists: {
      async units(): Promise<CodeItem[]> {
        return (await refs()).units.map((u) => ({ code: u.Abbreviation, name: u.Name }));
      },
      async priceLists() {
        // Visma eEkonomi has one price per article and no price lists.
        return [];
      },
      async costCenters() {
        return (await refs()).costCenterItems.map((i) => ({ code: i.ShortName, name: i.Name, active: i.IsActive }));
      },
      async projects() {
        return (await refs()).projects.map((p) => ({ code: p.Number, name: p.Name, active: p.Status !== 2 }));
      },
      async termsOfPayment() {
        return (await refs()).termsOfPayment.map((t) => ({ code: t.Id, name: t.Name, days: t.NumberOfDays }));
      },
      async termsOfDelivery() {
        return (await refs()).deliveryTerms.map((d) => ({ code: d.Id, name: d.Name }));
      },
    },
  };
}
