import {
  encodeMessage,
  type MemberCategory,
  type MemberCategoryInput,
  type PlayerCategory,
  type PlayerCategoryInput,
} from '@fairway/shared';
import type { Db } from '../../db/client';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { feeRuleProblem } from '../fees/fees.service';
import type { CategoryKind, CategoryRecord } from './categories.repository';
import * as repo from './categories.repository';
import { type MemberActor, memberTenantOf } from './members.service';

const NOT_FOUND = { member: 'members.memberCategoryNotFound', player: 'members.playerCategoryNotFound' } as const;

function toMemberCategory(r: CategoryRecord): MemberCategory {
  return {
    id: r.id,
    name: r.name,
    code: r.code,
    description: r.description,
    junior: r.junior,
    defaultFeeRuleId: r.defaultFeeRuleId,
    memberCount: r.memberCount,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

function toPlayerCategory(r: CategoryRecord): PlayerCategory {
  const { junior: _j, defaultFeeRuleId: _f, ...rest } = toMemberCategory(r);
  return rest;
}

/** A code no other category of the kind has, and a default fee rule of the club account's own. */
async function checkFields(db: Db, kind: CategoryKind, actor: MemberActor, body: repo.CategoryValues, exceptId?: string) {
  const t = memberTenantOf(actor);
  const errors: Record<string, string[]> = {};
  if (body.code && (await repo.codeTaken(db, kind, t, body.code, exceptId))) {
    errors.code = [encodeMessage('category_code_taken', { code: body.code })];
  }
  const feeRule = kind === 'member' ? await feeRuleProblem(db, t, body.defaultFeeRuleId) : null;
  if (feeRule) errors.defaultFeeRuleId = feeRule;
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/** A code taken between the check and the write (another request) is the same field error. */
async function unlessCodeRace<T>(code: string | null, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } };
    if ((e.cause?.code ?? e.code) === '23505' && code) {
      throw new ValidationError({ code: [encodeMessage('category_code_taken', { code })] });
    }
    throw error;
  }
}

/** The same five calls for both kinds; `shape` turns a record into the kind's response. */
function categoryService<Body extends repo.CategoryValues, Out>(kind: CategoryKind, shape: (r: CategoryRecord) => Out) {
  const find = async (db: Db, actor: MemberActor, id: string) => {
    const row = await repo.findCategory(db, kind, memberTenantOf(actor), id);
    if (!row) throw new NotFoundError(NOT_FOUND[kind]);
    return shape(row);
  };
  return {
    list: async (db: Db, actor: MemberActor) => (await repo.listCategories(db, kind, memberTenantOf(actor))).map(shape),
    get: find,
    create: async (db: Db, actor: MemberActor, body: Body) => {
      await checkFields(db, kind, actor, body);
      const id = await unlessCodeRace(body.code, () => repo.insertCategory(db, kind, memberTenantOf(actor), body));
      return find(db, actor, id);
    },
    update: async (db: Db, actor: MemberActor, id: string, body: Body) => {
      await find(db, actor, id);
      await checkFields(db, kind, actor, body, id);
      await unlessCodeRace(body.code, () => repo.updateCategory(db, kind, memberTenantOf(actor), id, body));
      return find(db, actor, id);
    },
    remove: async (db: Db, actor: MemberActor, id: string) => {
      const t = memberTenantOf(actor);
      const deleted = await db.transaction((tx) => repo.deleteCategory(tx, kind, t, id));
      if (!deleted) throw new NotFoundError(NOT_FOUND[kind]);
    },
  };
}

export const memberCategoriesService = categoryService<MemberCategoryInput, MemberCategory>('member', toMemberCategory);
export const playerCategoriesService = categoryService<PlayerCategoryInput, PlayerCategory>('player', toPlayerCategory);
