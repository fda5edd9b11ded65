import { DynamicModule, Global, Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { loadAppConfig } from './app-config';
import { APP_CONFIG } from './config.constants';
import { CookieFileService } from './cookie-file.service';

/**
 * Typed settings validated once at start-up (a bad value throws, naming the variable) plus the cookie file.
 * `env` is explicit so tests can boot several apps with different settings in one process.
 */
@Global()
@Module({})
export class AppConfigModule {
  static forRoot(env: Record<string, string | undefined>): DynamicModule {
    const config = loadAppConfig(env);
    return {
      module: AppConfigModule,
      imports: [ConfigModule.forRoot({ ignoreEnvFile: true, ignoreEnvVars: true, load: [() => ({ app: config })] })],
      providers: [{ provide: APP_CONFIG, useValue: config }, CookieFileService],
      exports: [APP_CONFIG, CookieFileService],
    };
  }
}
