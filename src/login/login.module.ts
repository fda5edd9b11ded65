import { Module } from '@nestjs/common';
import { AltLoginService } from './alt-login.service';
import { FinishedLogins } from './finished-logins';
import { LoginController } from './login.controller';
import { LoginPageController } from './login-page.controller';
import { LoginPersistService } from './login-persist.service';
import { MainLoginService } from './main-login.service';

@Module({
  controllers: [LoginController, LoginPageController],
  providers: [MainLoginService, AltLoginService, LoginPersistService, FinishedLogins],
  exports: [LoginPersistService],
})
export class LoginModule {}
