import { z } from 'zod';

export const packageSchema = z.object({
  id: z.string(),
  name: z.string(),
  invoicesPerMonth: z.number().int(),
  maxUsers: z.number().int(),
  maxClubAccounts: z.number().int(),
  /** Monthly price in öre, excluding VAT. */
  monthlyPriceOre: z.number().int(),
  sortOrder: z.number().int(),
});
export type Package = z.infer<typeof packageSchema>;

export const golfClubSchema = z.object({
  id: z.string(),
  name: z.string(),
  city: z.string(),
  district: z.string(),
});
export type GolfClub = z.infer<typeof golfClubSchema>;
