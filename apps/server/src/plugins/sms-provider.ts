import fp from 'fastify-plugin';
import { type SmsProviderAccess, smsProviderAccess } from '../providers/46elks/kit';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where SMS go: the configured 46elks account, or its in-process simulator (providers/46elks/kit.ts). */
    smsProvider: SmsProviderAccess;
  }
}

/** Needs the simulators plugin (the 46elks simulator is one of the host's). */
export const smsProviderPlugin = fp(async (app) => {
  app.decorate('smsProvider', smsProviderAccess(app.config.ELKS, app.simulators));
});
