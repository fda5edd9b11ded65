import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { NODE_FILE_OPS, writeFileAtomic, type FileOps } from '../common/atomic-file';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { CookieFileService } from '../config/cookie-file.service';
import { LOGIN_SINK, type LoginSink } from '../credentials/credential-store';
import { COOKIE_FILE_LOCK } from '../credentials/cluster-file-credential.store';
import { exclusiveInCluster } from '../cluster/cluster-link';
import { maskUin } from '../credentials/credential.model';
import { pickCredential } from './login.parse';
import type { StoreChoice } from './login-store';

/**
 * Opt-in (LOGIN_PERSIST_COOKIE=true): a successful QR login writes `{ cookie, uin, credential }` into the cookie
 * file (or, with REDIS_URL, into the shared credential store: src/credentials), so later
 * calls use it without a restart (CookieFileService re-reads the file when it changes). The write is atomic: a
 * temp file in the same directory (mode 0600), fsync, then rename over the old file — a failure at any point leaves
 * the old file as it was. The cookie is never logged.
 */
@Injectable()
export class LoginPersistService {
  private readonly logger = new Logger('LoginPersist');
  ops: FileOps = NODE_FILE_OPS;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly cookieFile: CookieFileService,
    @Optional() @Inject(LOGIN_SINK) private readonly sink?: LoginSink,
  ) {}

  get enabled(): boolean {
    return this.config.persistLoginCookie ?? false;
  }

  /**
   * The end of every confirmed QR login (both channels): saves it with its refreshable credential (docs/credentials.md)
   * and says on the answer what happened (left out when persistence is off): `persisted: true` only once the store
   * holds it; `persisted: false, persistPending: true` when Redis could not take it now and it is written once Redis
   * answers. The credential itself is not echoed in the answer: the session is what the spec returns; refresh tokens
   * stay server-side. `store` is the check's own choice (src/login/login-store.ts): the admin token stores it whatever
   * LOGIN_PERSIST_COOKIE says, `X-Login-Persist: false` never does.
   */
  async saveConfirmedLogin(
    answer: { persisted?: boolean; persistPending?: true },
    login: { cookie: string; musicid: string; loginType: 1 | 2; data: Record<string, unknown> },
    store?: StoreChoice,
  ): Promise<void> {
    if (store === 'skip' || (store === undefined && !this.enabled)) return;
    const credential = pickCredential({ loginType: login.loginType, ...login.data }, login.musicid);
    const persisted = await this.write(login.cookie, login.musicid, credential);
    answer.persisted = persisted === true;
    if (persisted === 'pending') answer.persistPending = true;
  }

  /**
   * Writes the login (with its full credential, so it can be refreshed: docs/upstream/login.md "Credential refresh")
   * when enabled; returns whether it was written, 'pending' when the shared store takes it later (undefined when
   * persistence is off).
   */
  async persist(cookie: string, uin: string, credential?: Record<string, unknown>): Promise<boolean | 'pending' | undefined> {
    if (!this.enabled) return undefined;
    return this.write(cookie, uin, credential);
  }

  private async write(cookie: string, uin: string, credential?: Record<string, unknown>): Promise<boolean | 'pending'> {
    if (this.sink?.storeKind === 'redis') {
      try {
        if ((await this.sink.save(cookie, uin, credential ?? {})) === 'pending') {
          this.logger.warn(`Login for account ${maskUin(uin)} not saved to the shared credential store yet (Redis unreachable); this instance uses it, and it is saved once Redis answers`);
          return 'pending';
        }
        this.logger.log(`Login for account ${maskUin(uin)} saved to the shared credential store`);
        return true;
      } catch (err) {
        this.logger.warn(`Could not save the login to the shared credential store (${(err as Error).message})`);
        return false;
      }
    }
    const target = this.cookieFile.filePath;
    try {
      const content = credential ? { cookie, uin, credential } : { cookie, uin };
      // With WORKERS > 1, never between another worker's read of the file and its write (a refresh's compare-and-set).
      await exclusiveInCluster(this.config.redisUrl, COOKIE_FILE_LOCK, () => writeFileAtomic(target, `${JSON.stringify(content, null, 2)}\n`, this.ops));
      this.sink?.saved();
      this.logger.log(`Login for account ${maskUin(uin)} saved to ${target}`);
      return true;
    } catch (err) {
      this.logger.warn(`Could not save the login to ${target} (${(err as NodeJS.ErrnoException).code ?? 'error'}); the file is unchanged`);
      return false;
    }
  }
}
