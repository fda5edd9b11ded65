import { DynamicModule, MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { ChartsModule } from './charts/charts.module';
import { AllExceptionsFilter } from './common/all-exceptions.filter';
import { RequestContextMiddleware } from './common/request-context.middleware';
import { ResponseShapeInterceptor } from './common/response-shape.interceptor';
import { AppConfigModule } from './config/config.module';
import { MusicModule } from './music/music.module';
import { UpstreamModule } from './upstream/upstream.module';
import { PlaylistsModule } from './playlists/playlists.module';
import { SingersModule } from './singers/singers.module';
import { MvModule } from './mv/mv.module';
import { CommentsModule } from './comments/comments.module';
import { SearchModule } from './search/search.module';
import { LoginModule } from './login/login.module';
import { UserModule } from './user/user.module';

/** Feature modules, in the order the README lists them. A new feature adds one line here. */
export const FEATURE_MODULES = [
  ChartsModule,
  PlaylistsModule,
  SingersModule,
  MusicModule,
  MvModule,
  CommentsModule,
  SearchModule,
  LoginModule,
  UserModule,
];

@Module({})
export class AppModule implements NestModule {
  /** `env` is the environment to validate: process.env in production, an explicit map in tests. */
  static forRoot(env: Record<string, string | undefined>): DynamicModule {
    return {
      module: AppModule,
      imports: [AppConfigModule.forRoot(env), UpstreamModule, ...FEATURE_MODULES],
      providers: [
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        { provide: APP_INTERCEPTOR, useClass: ResponseShapeInterceptor },
      ],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(RequestContextMiddleware).forRoutes('*path');
  }
}
