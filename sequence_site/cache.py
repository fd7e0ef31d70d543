"""Django's Redis cache, with one Redis client per connection pool instead of
a new one for every call (#31): redis-py's client builds its table of some
170 response callbacks each time it is made, a tenth of a table reload's
Python calls. A client is safe to share: the pool hands out connections."""

from django.core.cache.backends import redis as django_redis


class RedisCacheClient(django_redis.RedisCacheClient):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients = {}  # by the pool's index, as Django keeps the pools

    def get_client(self, key=None, *, write=False):
        index = self._get_connection_pool_index(write)
        if index not in self._clients:
            self._clients[index] = self._client(connection_pool=self._get_connection_pool(write))
        return self._clients[index]


class RedisCache(django_redis.RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = RedisCacheClient
