/**
 * Benchmark: the member list (GET /api/v1/members) of a 50,000-member club, at an open-loop 100
 * requests/s, on PGlite and on PostgreSQL: a search, a filter, the first page and a deep page.
 * See bench/README.md.
 *
 *   npm run bench:member-list -- [--db pglite,postgres] [--members 50000] [--rate 100] [--seconds 15]
 */
import type { MemberListRow } from '@fairway/shared';
import { memberCategories, members } from '../apps/server/src/modules/members/members.tables';
import type { TestOrganisation } from '../apps/server/test/fixtures/users';
import type { TestApp } from '../apps/server/test/test-app';
import { createRandom, SURNAMES } from './lib/invoice-data';
import { benchArgs, finish, runListBench } from './lib/list-bench';
import { MEMBER_CATEGORIES, makeMembers } from './lib/member-data';

const args = benchArgs({
  members: { type: 'string', default: '50000' },
  'other-members': { type: 'string', default: '30000' },
  // The same depth as the invoice benchmark's (5,000 rows skipped); --deep-page 1000 is the
  // middle of a 50,000-member list.
  'deep-page': { type: 'string', default: '200' },
});
const MEMBERS = Number(args.members);
const OTHER_MEMBERS = Number(args['other-members']);
const PAGE_SIZE = Number(args['page-size']);
const DEEP_PAGE = Number(args['deep-page']);
const BATCH = 1000;

/** The benchmark club's category ids, by code, for the filter scenario. */
const categoryIds = new Map<string, string>();

async function seed(t: TestApp, org: TestOrganisation, count: number, seedNo: number, keepIds: boolean) {
  const tenant = { organisationId: org.organisationId, clubAccountId: org.clubAccountId };
  const categories = await t.app.db
    .insert(memberCategories)
    .values(MEMBER_CATEGORIES.map((c) => ({ ...tenant, name: c.name, code: c.code, junior: c.junior })))
    .returning({ id: memberCategories.id, code: memberCategories.code });
  if (keepIds) for (const c of categories) categoryIds.set(c.code ?? '', c.id);
  const rows = makeMembers(createRandom(seedNo), count, new Date().getUTCFullYear());
  for (let i = 0; i < rows.length; i += BATCH) {
    await t.app.db.insert(members).values(
      rows.slice(i, i + BATCH).map(({ category, ...m }) => ({
        ...tenant,
        ...m,
        memberCategoryId: categories[category]?.id ?? null,
        source: 'git' as const,
      })),
    );
  }
}

type ListAnswer = { data: MemberListRow[]; pagination: { total: number } };
const list = (query: string) => `/api/v1/members?page=1&pageSize=${PAGE_SIZE}${query}`;

finish(
  runListBench(
    {
      title: `member list: ${MEMBERS} members (+${OTHER_MEMBERS} in another club account)`,
      tables: ['members', 'member_search_terms'],
      async seed(t, mine, other) {
        await seed(t, mine, MEMBERS, 11, true);
        await seed(t, other, OTHER_MEMBERS, 12, false);
      },
      get scenarios() {
        return [
          {
            // A surname, a first name and surname, a golf ID's start, a member number.
            name: 'search',
            paths: [...SURNAMES.slice(0, 10).map((s) => s.toLowerCase()), 'anna lind', 'erik berg', '8506', '10420'].map((q) =>
              list(`&search=${encodeURIComponent(q)}`),
            ),
          },
          {
            name: 'filter',
            paths: [
              list(`&memberCategoryId=${categoryIds.get('JUN')}`),
              list('&active=true&sex=female&sort=hcp'),
              list('&hasBalance=true&sort=balance&order=desc'),
              list(`&memberCategoryId=${categoryIds.get('SEN')}&ageFrom=70`),
            ],
          },
          { name: 'first page', paths: [list('')] },
          { name: `page ${DEEP_PAGE}`, paths: [`/api/v1/members?page=${DEEP_PAGE}&pageSize=${PAGE_SIZE}`] },
        ];
      },
      async check(get) {
        const first = await get<ListAnswer>(list(''));
        if (first.pagination.total !== MEMBERS || first.data.length !== PAGE_SIZE)
          throw new Error(`first page: total ${first.pagination.total}, ${first.data.length} rows`);
        const found = await get<ListAnswer>('/api/v1/members?pageSize=100&search=andersson');
        if (found.data.length === 0 || found.data.some((m) => m.lastname !== 'Andersson'))
          throw new Error('the search answered members without the name');
        const juniors = await get<ListAnswer>(list(`&memberCategoryId=${categoryIds.get('JUN')}`));
        if (juniors.pagination.total === 0) throw new Error('no juniors');
        return `total ${first.pagination.total}, "andersson" ${found.pagination.total}, juniors ${juniors.pagination.total}`;
      },
    },
    args,
  ),
);
