import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

/**
 * A react-hook-form resolver for a shared zod schema that fetches zod, the resolver and the
 * schema on the form's first validation (a submit, by default), not with the page: a page whose
 * first paint is a form (login) then renders without zod in its first requests
 * (docs/web-app.md#bundle-budget). A failed fetch is tried again on the next validation.
 */
export function lazyZodResolver<T extends FieldValues>(loadSchema: () => Promise<ZodType>): Resolver<T> {
  let resolver: Promise<Resolver<T>> | undefined;
  return async (values, context, options) => {
    resolver ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema as never) as unknown as Resolver<T>,
    );
    try {
      return await (await resolver)(values, context, options);
    } catch (error) {
      resolver = undefined;
      throw error;
    }
  };
}
