import { CacheTTL } from '@nestjs/cache-manager';
import { Controller, Get, Post, Query, UseGuards, type Type } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { AdminTokenGuard } from '../../src/common/admin-token.guard';
import { CacheInvalidatedBy } from '../../src/common/cache-invalidated-by';
import { RouteTable } from '../../src/common/route-table';
import { ToInt, ToNumericId } from '../../src/common/validation';
import type { AppConfig } from '../../src/config/app-config';

/** RouteTable over hand-made controllers (the app's own TTLs are checked against /docs-json's x-cache-ttl in cache.e2e-spec). */
const tableOf = (controllers: Type<unknown>[], adminToken?: string): RouteTable => {
  const discovery = { getControllers: () => controllers.map((metatype) => ({ metatype, instance: new (metatype as new () => object)() })) };
  return new RouteTable(discovery as unknown as DiscoveryService, new MetadataScanner(), { adminToken } as AppConfig);
};
const built = (controllers: Type<unknown>[], adminToken?: string): RouteTable => {
  const table = tableOf(controllers, adminToken);
  table.onApplicationBootstrap();
  return table;
};

describe('RouteTable: the TTL of each route (@CacheTTL)', () => {
  @Controller()
  class Catalogue {
    @Get('getThing')
    @CacheTTL(600)
    getThing() {}

    @Get(['getAliased', 'other/getAliasedToo'])
    @CacheTTL(60)
    aliased() {}

    @Get('getUncached')
    uncached() {}

    @Post('postThing')
    postThing() {}
  }

  @Controller('user')
  class Prefixed {
    @Get('getThing')
    @CacheTTL(30)
    getThing() {}
  }

  it('reads every GET handler\'s TTL, for each of its paths (aliases included) and under its controller prefix', () => {
    const table = built([Catalogue, Prefixed]);
    expect(Object.fromEntries(table.ttls())).toEqual({ '/getThing': 600, '/getAliased': 60, '/other/getAliasedToo': 60, '/user/getThing': 30 });
    expect(table.ttlOf('/getUncached')).toBeUndefined();
    expect(table.ttlOf('/postThing')).toBeUndefined();
    expect(table.allowed('/postThing')).toEqual(['POST']);
  });

  it('is looked up by the exact path (as the cache did before), while the 405 table ignores case and a trailing slash', () => {
    const table = built([Catalogue]);
    expect([table.ttlOf('/getThing'), table.ttlOf('/getthing'), table.ttlOf('/getThing/'), table.ttlOf('getThing')]).toEqual([600, undefined, undefined, undefined]);
    expect(table.allowed('/GETTHING/')).toEqual(['GET', 'HEAD']);
  });

  it('refuses to be read before app.init() built it (not silently "never cached")', () => {
    expect(() => tableOf([Catalogue]).ttlOf('/getThing')).toThrow('RouteTable read before app.init()');
  });

  it('stops the start on a TTL the response cache could not honour', () => {
    const refused = (controller: Type<unknown>, adminToken?: string) => () => built([controller], adminToken);

    @Controller()
    class Fraction {
      @Get('x')
      @CacheTTL(0.5)
      x() {}
    }
    @Controller()
    class Factory {
      @Get('x')
      @CacheTTL(() => 60)
      x() {}
    }
    @Controller()
    class OnPost {
      @Post('x')
      @CacheTTL(60)
      x() {}
    }
    @Controller()
    class OnAdmin {
      @Get('x')
      @CacheTTL(60)
      @UseGuards(AdminTokenGuard)
      x() {}
    }
    @Controller()
    @CacheTTL(60)
    class OnClass {
      @Get('x')
      x() {}
    }

    expect(refused(Fraction)).toThrow('Fraction.x: @CacheTTL must be a whole number of seconds > 0 (got 0.5)');
    expect(refused(Factory)).toThrow('Factory.x: @CacheTTL must be a whole number of seconds > 0 (got a function)');
    expect(refused(OnPost)).toThrow('OnPost.x: @CacheTTL on a POST route; only GET answers are cached');
    // with or without ADMIN_TOKEN (without it the route does not exist, but the mistake is in the code either way)
    expect(refused(OnAdmin)).toThrow('OnAdmin.x: @CacheTTL on an admin route');
    expect(refused(OnAdmin, 'a'.repeat(16))).toThrow('OnAdmin.x: @CacheTTL on an admin route');
    expect(refused(OnClass)).toThrow('OnClass: @CacheTTL on the controller class is not read; put it on each cached handler');
  });
});

describe('RouteTable: the parameters a write invalidates a route by (@CacheInvalidatedBy)', () => {
  it('reads them for each path of a cached route, with the value canonicaliser; other routes have none', () => {
    @Controller('user')
    class Marked {
      @Get(['getList', 'getListToo'])
      @CacheTTL(60)
      @CacheInvalidatedBy('uin', (value) => value.replace(/^o0*/, ''))
      getList(@Query('uin') _uin: string) {}

      @Get('getOther')
      @CacheTTL(60)
      getOther(@Query('uin') _uin: string) {}
    }
    const table = built([Marked]);
    for (const path of ['/user/getList', '/user/getListToo']) {
      const [by] = table.invalidatedBy(path)!;
      expect([by.param, by.canonical('o0123')]).toEqual(['uin', '123']);
    }
    expect(table.invalidatedBy('/user/getOther')).toBeUndefined();
  });

  it('refuses at start-up one on an uncached route, or naming a parameter the route does not declare', () => {
    @Controller()
    class Uncached {
      @Get('x')
      @CacheInvalidatedBy('uin')
      x(@Query('uin') _uin: string) {}
    }
    @Controller()
    class Undeclared {
      @Get('x')
      @CacheTTL(60)
      @CacheInvalidatedBy('disstid')
      x(@Query('uin') _uin: string) {}
    }
    expect(() => built([Uncached])).toThrow('Uncached.x: @CacheInvalidatedBy without @CacheTTL');
    expect(() => built([Undeclared])).toThrow("Undeclared.x: @CacheInvalidatedBy('disstid') names no query parameter the route declares");
  });
});

describe('RouteTable: the canonical form of each query parameter (ToInt, ToNumericId…)', () => {
  class DetailQuery {
    @ToNumericId() @ApiProperty({ type: 'string' })
    disstid!: string;

    @ToInt() @ApiPropertyOptional({ type: 'integer' })
    limit?: number;

    @ApiPropertyOptional({ type: 'string' })
    key?: string;
  }
  class PickedQuery extends PickType(DetailQuery, ['limit', 'key'] as const) {}

  @Controller()
  class Forms {
    @Get('getDetail')
    @CacheTTL(600)
    @CacheInvalidatedBy('disstid')
    getDetail(@Query() _query: DetailQuery) {}

    @Get('getPicked')
    @CacheTTL(600)
    getPicked(@Query() _query: PickedQuery) {}
  }

  it('reads them from the DTO, PickType copies included; a tag without a form of its own writes its value in the declared one', () => {
    const table = built([Forms]);
    const formed = (path: string, query: Record<string, string>) =>
      Object.fromEntries(Object.entries(query).map(([name, value]) => [name, table.queryFormsOf(path)?.get(name)?.(value) ?? value]));
    expect(formed('/getDetail', { disstid: ' 0088 ', limit: '-007', key: ' 007 ' })).toEqual({ disstid: '88', limit: '-7', key: ' 007 ' });
    expect(formed('/getPicked', { limit: '010', key: '010' })).toEqual({ limit: '10', key: '010' });
    // not plain digits: left for the DTO to refuse (400), never turned into another number
    expect(formed('/getDetail', { disstid: '+88', limit: '+4' })).toEqual({ disstid: '+88', limit: '+4' });
    expect(table.invalidatedBy('/getDetail')!.map((by) => by.canonical('0088'))).toEqual(['88']);
  });
});
