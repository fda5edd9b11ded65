import { Module } from '@nestjs/common';
import { AltLoginService } from './alt-login.service';
import { AppLoginController } from './app-login.controller';
import { AppLoginService } from './app-login.service';
import { AppQrStates } from './app-qr-states';
import { FinishedLogins } from './finished-logins';
import { LoginController } from './login.controller';
import { LoginPageController } from './login-page.controller';
import { LoginPersistService } from './login-persist.service';
import { LoginRefreshController } from './login-refresh.controller';
import { LoginRefreshService } from './login-refresh.service';
import { MainLoginService } from './main-login.service';
import { PhoneLoginController } from './phone-login.controller';
import { PhoneLoginService } from './phone-login.service';
import { SmsBudget } from './sms-budget';

@Module({
  controllers: [LoginController, AppLoginController, PhoneLoginController, LoginPageController, LoginRefreshController],
  providers: [MainLoginService, AltLoginService, AppLoginService, AppQrStates, PhoneLoginService, SmsBudget, LoginPersistService, FinishedLogins, LoginRefreshService],
  exports: [LoginPersistService],
})
export class LoginModule {}
