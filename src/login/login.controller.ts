import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { AltLoginService } from './alt-login.service';
import { CheckAltLoginBody, CheckMainLoginBody } from './dto/check-login.dto';
import { MainLoginService } from './main-login.service';

/** Every login path: the spec's names, their /user/ aliases, and the refs' real-name aliases (QQ / WX). */
export const LOGIN_PATHS = {
  getMain: ['getMainLoginQr', 'user/getMainLoginQr', 'getQQLoginQr', 'user/getQQLoginQr'],
  checkMain: ['checkMainLoginQr', 'user/checkMainLoginQr', 'checkQQLoginQr', 'user/checkQQLoginQr'],
  getAlt: ['getAltLoginQr', 'user/getAltLoginQr', 'getWXLoginQr', 'user/getWXLoginQr'],
  checkAlt: ['checkAltLoginQr', 'user/checkAltLoginQr', 'checkWXLoginQr', 'user/checkWXLoginQr'],
};

@Controller()
export class LoginController {
  constructor(
    private readonly main: MainLoginService,
    private readonly alt: AltLoginService,
  ) {}

  @Get(LOGIN_PATHS.getMain)
  getMainLoginQr() {
    return this.main.getQr();
  }

  @Post(LOGIN_PATHS.checkMain)
  @HttpCode(200)
  checkMainLoginQr(@Body() body: CheckMainLoginBody) {
    return this.main.check(body);
  }

  @Get(LOGIN_PATHS.getAlt)
  getAltLoginQr() {
    return this.alt.getQr();
  }

  @Post(LOGIN_PATHS.checkAlt)
  @HttpCode(200)
  checkAltLoginQr(@Body() body: CheckAltLoginBody) {
    return this.alt.check(body);
  }
}
