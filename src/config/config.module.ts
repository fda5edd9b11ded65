import { DynamicModule, Global, Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { loadAppConfig } from './app-config';
import { APP_CONFIG, LOG_DESTINATION } from './config.constants';
import { CookieFileService } from './cookie-file.service';

/**
 * Typed settings validated once at start-up (a bad value throws, naming the variable) plus the cookie file.
 * `env` is explicit so tests can boot several apps with different settings in one process.
 */
@Global()
@Module({})
export class AppConfigModule {
  static forRoot(env: Record<string, string | undefined>, logDestination?: NodeJS.WritableStream): DynamicModule {
    const config = loadAppConfig(env);
    return {
      module: AppConfigModule,
      imports: [ConfigModule.forRoot({ ignoreEnvFile: true, ignoreEnvVars: true, load: [() => ({ app: config })] })],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: LOG_DESTINATION, useValue: logDestination ?? null },
        CookieFileService,
      ],
      exports: [APP_CONFIG, LOG_DESTINATION, CookieFileService],
    };
  }
}
