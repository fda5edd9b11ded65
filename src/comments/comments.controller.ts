import { Controller, Get, Query } from '@nestjs/common';
import { CommentsService } from './comments.service';
import { GetCommentsQuery } from './dto/get-comments.dto';

@Controller()
export class CommentsController {
  constructor(private readonly comments: CommentsService) {}

  @Get('getComments')
  getComments(@Query() query: GetCommentsQuery) {
    return this.comments.getComments(query);
  }
}
