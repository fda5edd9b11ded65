import { Module } from '@nestjs/common';
import { UserExtraController } from './user-extra.controller';
import { UserExtraService } from './user-extra.service';
import { UserController } from './user.controller';
import { UserService } from './user.service';

@Module({
  controllers: [UserController, UserExtraController],
  providers: [UserService, UserExtraService],
})
export class UserModule {}
