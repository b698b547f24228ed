/**
 * The page's API client, made for the stored context: its base, its token and its spellings
 * (the build's, then the till's own), keeping a spelling the account answered to after a 404
 * for the till's next start. Loaded with the client on first use, not at startup.
 */
import { createClient, type EposClient } from '../epos/client.ts';
import { segmentsFor } from '../epos/default-base.ts';
import { errorText } from '../epos/error-text.ts';
import type { TillDb } from '../store/db.ts';
import type { BootContext } from '../store/schema.ts';
import { rememberSegment } from '../store/spellings.ts';

/** The client for `context`. */
export function createPageClient(db: TillDb, context: BootContext): EposClient {
  return createClient({
    baseUrl: context.baseUrl,
    token: context.token,
    segments: segmentsFor(context.segments),
    onSegment: (kind, segment) =>
      void rememberSegment(db, context.baseUrl, kind, segment).catch((error: unknown) =>
        console.error('Keeping the API\u2019s spelling failed:', errorText(error)),
      ),
  });
}
