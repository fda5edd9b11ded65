import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { ToInt, ToLowerTrimmed, ToTrimmed } from '../common/validation';
import type { RelationListType } from '../upstream/clients/relation.client';

export const RELATION_TYPES: readonly RelationListType[] = ['follow_singer', 'follow_user', 'fans'];

/** `GET /getRelationList`: the names and defaults of the Koa project's fork (Yuuz12/qq-music-api). */
export class GetRelationListQuery {
  @IsOptional() @ToLowerTrimmed() @IsIn(RELATION_TYPES, { message: `type must be one of ${RELATION_TYPES.join(', ')}` })
  @ApiPropertyOptional({ type: 'string', description: 'Which list: followed singers, followed users, or fans.', enum: [...RELATION_TYPES], default: 'fans', example: 'follow_singer' })
  type: RelationListType = 'fans';

  @Min(0, { message: 'from must be between 0 and 10000' }) @Max(10000, { message: 'from must be between 0 and 10000' })
  @IsOptional() @ToInt() @IsInt({ message: 'from must be an integer' })
  @ApiPropertyOptional({ type: 'integer', description: '0-based offset.', default: 0, minimum: 0, maximum: 10000, example: 0 })
  from: number = 0;

  @Min(1, { message: 'size must be between 1 and 100' }) @Max(100, { message: 'size must be between 1 and 100' })
  @IsOptional() @ToInt() @IsInt({ message: 'size must be an integer' })
  @ApiPropertyOptional({ type: 'integer', description: 'Items per page.', default: 30, minimum: 1, maximum: 100, example: 30 })
  size: number = 30;

  @IsOptional() @ToTrimmed() @IsString({ message: 'hostUin must be text' })
  @MaxLength(64, { message: 'hostUin must be at most 64 characters' })
  @Matches(/^[0-9A-Za-z_*-]*$/, { message: 'hostUin must be an encrypted uin (letters, digits, _ - *)' })
  @ApiPropertyOptional({ type: 'string', description: 'The account\'s encrypted uin (`encrypt_uin`); empty or absent = the account of the login cookie.', default: '', maxLength: 64, example: 'owSfoKEq10001oz' })
  hostUin: string = '';
}
