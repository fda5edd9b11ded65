import { Global, Inject, Module, OnModuleInit } from '@nestjs/common';
import type Redis from 'ioredis';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { CookieFileService } from '../config/cookie-file.service';
import { RedisBreaker } from '../redis/redis-breaker';
import { REDIS } from '../redis/redis.module';
import { CookieChoice } from '../upstream/credential/cookie-choice';
import { ClientIdentity } from '../upstream/identity/client-identity.service';
import { CredentialController } from './credential.controller';
import { CredentialService } from './credential.service';
import { CREDENTIAL_STORE, LOGIN_SINK } from './credential-store';
import { deviceIdentityPath, FileDeviceIdentityStore, RedisDeviceIdentityStore } from './device-identity.stores';
import { FileCredentialStore } from './file-credential.store';
import { ClusterFileCredentialStore } from './cluster-file-credential.store';
import { clusterLink } from '../cluster/cluster-link';
import { RedisCredentialStore } from './redis-credential.store';

/** The cookie file; with WORKERS > 1 its writes and refreshes are serialised across the workers by their primary. */
function fileStore(config: AppConfig, cookieFile: CookieFileService): FileCredentialStore {
  const link = clusterLink(config.redisUrl);
  return link ? new ClusterFileCredentialStore(cookieFile, link) : new FileCredentialStore(cookieFile);
}

/**
 * The stored login and its refresh (docs/credentials.md). Global so the login persistence can hand it a new
 * credential (LOGIN_SINK) without importing this module.
 */
@Global()
@Module({
  controllers: [CredentialController],
  providers: [
    {
      provide: CREDENTIAL_STORE,
      inject: [APP_CONFIG, REDIS, CookieFileService, RedisBreaker],
      useFactory: (config: AppConfig, redis: Redis | null, cookieFile: CookieFileService, breaker: RedisBreaker) =>
        redis ? new RedisCredentialStore(redis, config.credentialRedisKey, cookieFile, breaker) : fileStore(config, cookieFile),
    },
    CredentialService,
    { provide: LOGIN_SINK, useExisting: CredentialService },
  ],
  exports: [CredentialService, LOGIN_SINK],
})
export class CredentialsModule implements OnModuleInit {
  constructor(
    private readonly credentials: CredentialService,
    private readonly cookieChoice: CookieChoice,
    private readonly identity: ClientIdentity,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis | null,
    private readonly redisBreaker: RedisBreaker,
  ) {}

  /**
   * Upstream calls without a caller cookie carry the stored login; runs after CredentialService has loaded it. The
   * device identity is kept beside it: the identity file, or Redis (shared by every instance).
   */
  onModuleInit(): void {
    this.cookieChoice.useStoredCredential(this.credentials);
    this.identity.useStore(
      this.redis
        ? new RedisDeviceIdentityStore(this.redis, `${this.config.credentialRedisKey}:device`, this.redisBreaker)
        : new FileDeviceIdentityStore(deviceIdentityPath(this.config), clusterLink(this.config.redisUrl)),
    );
  }
}
