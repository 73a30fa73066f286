/** What every route can reach: the database, the configuration, the mailer and the token key. */
import type { ServerConfig } from './config';
import type { Database } from './db/connection';
import type { FileStorage } from './files/storage';
import type { Mailer } from './mail/mailer';

export interface AppContext {
  database: Database;
  config: ServerConfig;
  mailer: Mailer;
  signingKey: Uint8Array;
  /** Where uploaded files live (server/files); unset: DATA_DIR/uploads on the local disk. */
  fileStorage?: FileStorage;
  /** Where site scores come from (server/scores); unset: the source SCORES_SOURCE names. Tests set a fake-host one. */
  scoresProvider?: import('./scores/provider').ScoresProvider;
  /**
   * The server's clock: what the date rules (policy histories, update reminders) and the delivery's `appliesNow` read
   * as "now"; unset: the system's (the delivery: the database's). Tests set a fixed one to travel.
   */
  clock?: () => Date;
}

/** The context's clock (`AppContext.clock`), else the system's. */
export const clockOf = (context: Pick<AppContext, 'clock'>): (() => Date) => context.clock ?? (() => new Date());

export interface AuthUser {
  id: number;
  name: string;
  email: string;
  permissions: string[];
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    /** The site calling a portal route (access 'portal'), resolved from its portal key. */
    portal: import('./portal/keys').PortalCaller | null;
    /** The data version read with the session (server/db/schema/dataVersion.ts); null without a session. */
    dataVersion: string | null;
  }
  interface FastifyContextConfig {
    access?: import('./http/access').Access;
  }
}
