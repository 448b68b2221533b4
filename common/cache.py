"""A Redis cache that the site outlives: when Redis cannot be reached, reads miss and writes
do nothing, so pages are computed, sessions come from the database and requests go on.

Everything in the cache can be had again (pages and answers from the database, sessions from
their table), so an unreachable cache must cost a request milliseconds and never its answer.
Three things make it so:

- short socket timeouts (`DEFAULT_SOCKET_TIMEOUT`), so a Redis that accepts connections and
  never answers holds a request a fraction of a second, not until the kernel gives up;
- a circuit per Redis address, shared by every thread of the process: after a failure the
  cache is not asked again for `retry_after` seconds (each call meanwhile is a miss or a
  no-op at once), then the next call tries again, and a success closes the circuit: no
  restart is needed when Redis returns;
- one warning per outage and interval (`logger`), not one per request.

Writes made while Redis is away are lost, and some of them mattered: a session deleted at
log-out would come back to life from a cache that was only partitioned, not emptied. So the
keys written while the cache was unreachable are remembered (up to `LOST_WRITES_KEPT`, past
which the cache's own keys are all deleted) and deleted once it answers again, before
anything else is asked of it; their values are then read from the database afresh. Each
process does so for its own writes, the next time it uses the cache.

Rate limits counted in this cache fail open by themselves (a count that cannot be read is
zero); `cache_reachable` lets a limit refuse instead (`common.rates`,
`ROOKERY_RATE_LIMITS_WHEN_CACHE_DOWN`).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from collections.abc import Iterable
from dataclasses import dataclass
from dataclasses import field
from typing import TYPE_CHECKING
from typing import Any
from typing import TypeVar

from django.core.cache import caches
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import OutOfMemoryError
from redis.exceptions import ReadOnlyError
from redis.exceptions import TimeoutError as RedisTimeoutError

__all__ = [
    "DEFAULT_RETRY_AFTER",
    "DEFAULT_SOCKET_TIMEOUT",
    "LOST_WRITES_KEPT",
    "ResilientRedisCache",
    "cache_reachable",
]

logger = logging.getLogger(__name__)

T = TypeVar("T")

DEFAULT_RETRY_AFTER = 5.0
"""Seconds the cache is left alone after a failure (the `RETRY_AFTER` option)."""

DEFAULT_SOCKET_TIMEOUT = 0.25
"""Seconds to connect, and to wait for an answer (`socket_connect_timeout`, `socket_timeout`).
Redis answers a healthy request in well under a millisecond on the same network; one that
takes a quarter of a second is in trouble, and the page is better computed."""

LOST_WRITES_KEPT = 10_000
"""How many keys written during an outage a process remembers, to delete them on return;
past that it deletes every key of the cache on return instead."""

# What an unreachable Redis raises: refused or reset connections, timeouts, a server that is
# loading its data or refuses the password (ConnectionErrors too), socket errors redis-py
# lets through; and a Redis that cannot take writes for a while (a replica after a failover,
# a full memory without eviction). Other errors are ours and are raised.
UNREACHABLE = (RedisConnectionError, RedisTimeoutError, OSError, ReadOnlyError, OutOfMemoryError)


@dataclass
class _Circuit:
    """The health of one Redis address, as a cache of this process (one key prefix) saw it
    last.

    `down` says the last call failed and none has succeeded since; `retry_at` (monotonic
    seconds) is when the next call may try. Shared by the threads of a process, each of which
    has a cache object of its own."""

    down: bool = False
    retry_at: float = 0.0
    warned_at: float | None = None
    lost_writes: set[str] = field(default_factory=set)
    lost_writes_overflowed: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock)


_circuits: dict[tuple[str, ...], _Circuit] = {}
_circuits_lock = threading.Lock()


def _circuit_for(servers: Iterable[str], key_prefix: str) -> _Circuit:
    key = (*servers, key_prefix)
    with _circuits_lock:
        return _circuits.setdefault(key, _Circuit())


class ResilientRedisCache(RedisCache):
    """Django's Redis cache, answering as an empty cache while Redis cannot be reached.

    Reads miss (`get` answers the default, `get_many` nothing, `has_key` False); writes do
    nothing (`set`, `delete`, `touch`, `clear`); `add` answers True, as for a key that was
    not there, so a lock taken with it never waits on a cache that is away; `incr` raises
    ValueError, as for a missing key. Options: `RETRY_AFTER` (seconds, `DEFAULT_RETRY_AFTER`),
    and redis-py's own, with short socket timeouts by default.
    """

    # What RedisCache has and its stubs leave out: the addresses, and its timeouts as Redis
    # takes them (whole seconds, or None for none).
    _servers: list[str]
    if TYPE_CHECKING:

        def get_backend_timeout(self, timeout: float | None = DEFAULT_TIMEOUT) -> int | None: ...

    def __init__(self, server: str | list[str], params: dict[str, Any]) -> None:
        options = dict(params.get("OPTIONS") or {})
        self.retry_after = float(options.pop("RETRY_AFTER", DEFAULT_RETRY_AFTER))
        options.setdefault("socket_connect_timeout", DEFAULT_SOCKET_TIMEOUT)
        options.setdefault("socket_timeout", DEFAULT_SOCKET_TIMEOUT)
        super().__init__(server, {**params, "OPTIONS": options})
        self._circuit = _circuit_for(self._servers, self.key_prefix)

    # -- the circuit ------------------------------------------------------------------------

    def _call(self, operation: Callable[[], T], fallback: T, written: Iterable[str] = ()) -> T:
        """`operation()`, or `fallback` when Redis cannot be reached (now, or lately: the
        circuit is open). `written`: the keys the operation writes, deleted on return when
        the write is lost."""
        circuit = self._circuit
        if circuit.down and (time.monotonic() < circuit.retry_at or not self._recover()):
            self._writes_lost(written)
            return fallback
        try:
            return operation()
        except UNREACHABLE as exc:
            self._failed(exc)
            self._writes_lost(written)
            return fallback

    def _failed(self, exc: Exception) -> None:
        circuit = self._circuit
        now = time.monotonic()
        with circuit.lock:
            circuit.down = True
            circuit.retry_at = now + self.retry_after
            warn = circuit.warned_at is None or now - circuit.warned_at >= self.retry_after
            if warn:
                circuit.warned_at = now
        if warn:
            logger.warning(
                "The cache at %s cannot be reached (%s): serving without it, trying again "
                "in %.0f s.",
                self._location(),
                exc,
                self.retry_after,
            )

    def _recover(self) -> bool:
        """Try Redis again after an outage: delete what was written while it was away (the
        old values may still be there, if it was out of reach rather than emptied), or ping
        it when nothing was; on success close the circuit. Whether Redis answered.

        Past `LOST_WRITES_KEPT` keys, every key of this cache (its KEY_PREFIX) is deleted:
        the cache starts afresh rather than keep a value older than the database's."""
        circuit = self._circuit
        with circuit.lock:
            lost = list(circuit.lost_writes)
            overflowed = circuit.lost_writes_overflowed
            circuit.lost_writes = set()
            circuit.lost_writes_overflowed = False
        try:
            if overflowed:
                client = self._cache.get_client(None, write=True)
                batch: list[Any] = []
                for key in client.scan_iter(match=f"{self.key_prefix}:*", count=1000):
                    batch.append(key)
                    if len(batch) == 1000:
                        client.delete(*batch)
                        batch = []
                if batch:
                    client.delete(*batch)
            else:
                for start in range(0, len(lost), 1000):
                    self._cache.delete_many(lost[start : start + 1000])
            if not lost:
                self._cache.get_client(None).ping()
        except UNREACHABLE as exc:
            self._failed(exc)
            self._writes_lost(lost)
            if overflowed:
                circuit.lost_writes_overflowed = True
            return False
        with circuit.lock:
            was_down, circuit.down, circuit.warned_at = circuit.down, False, None
        if was_down:
            logger.warning(
                "The cache at %s answers again%s.",
                self._location(),
                " (emptied: too many writes were lost while it was away)" if overflowed else "",
            )
        return True

    def _writes_lost(self, keys: Iterable[str]) -> None:
        circuit = self._circuit
        with circuit.lock:
            for key in keys:
                if len(circuit.lost_writes) >= LOST_WRITES_KEPT:
                    circuit.lost_writes_overflowed = True
                    break
                circuit.lost_writes.add(key)

    def _location(self) -> str:
        # The address without a password, for the log.
        return ",".join(server.rsplit("@", 1)[-1] for server in self._servers)

    def reachable(self) -> bool:
        """Whether Redis answers now (one round trip; none while the circuit is open)."""
        return self._call(lambda: bool(self._cache.get_client(None).ping()), False)

    # -- Django's cache API -------------------------------------------------------------------

    def add(
        self,
        key: Any,
        value: Any,
        timeout: float | None = DEFAULT_TIMEOUT,
        version: int | None = None,
    ) -> bool:
        made = self.make_and_validate_key(key, version=version)
        return self._call(
            lambda: bool(self._cache.add(made, value, self.get_backend_timeout(timeout))),
            True,
            [made],
        )

    def get(self, key: Any, default: Any = None, version: int | None = None) -> Any:
        made = self.make_and_validate_key(key, version=version)
        return self._call(lambda: self._cache.get(made, default), default)

    def set(
        self,
        key: Any,
        value: Any,
        timeout: float | None = DEFAULT_TIMEOUT,
        version: int | None = None,
    ) -> None:
        made = self.make_and_validate_key(key, version=version)
        self._call(
            lambda: self._cache.set(made, value, self.get_backend_timeout(timeout)), None, [made]
        )

    def touch(
        self, key: Any, timeout: float | None = DEFAULT_TIMEOUT, version: int | None = None
    ) -> bool:
        made = self.make_and_validate_key(key, version=version)
        return self._call(
            # RedisCacheClient.touch takes None too (no expiry), which its stubs leave out.
            lambda: bool(self._cache.touch(made, self.get_backend_timeout(timeout))),  # type: ignore[arg-type]
            False,
            [made],
        )

    def delete(self, key: Any, version: int | None = None) -> bool:
        made = self.make_and_validate_key(key, version=version)
        return self._call(lambda: bool(self._cache.delete(made)), False, [made])

    def get_many(self, keys: Iterable[Any], version: int | None = None) -> dict[Any, Any]:
        return self._call(lambda: super(ResilientRedisCache, self).get_many(keys, version), {})

    def has_key(self, key: Any, version: int | None = None) -> bool:
        made = self.make_and_validate_key(key, version=version)
        return self._call(lambda: bool(self._cache.has_key(made)), False)

    def incr(self, key: Any, delta: int = 1, version: int | None = None) -> int:
        made = self.make_and_validate_key(key, version=version)
        found = self._call(lambda: int(self._cache.incr(made, delta)), None, [made])
        if found is None:
            # As for a key that is not there: a counter that cannot be read was never started.
            raise ValueError(f"Key '{key}' not found: the cache cannot be reached.")
        return found

    def set_many(
        self,
        data: dict[Any, Any],
        timeout: float | None = DEFAULT_TIMEOUT,
        version: int | None = None,
    ) -> list[Any]:
        if not data:
            return []
        made = [self.make_and_validate_key(key, version=version) for key in data]
        # Nothing was stored: every key failed, as Django's API reports it.
        return self._call(
            lambda: super(ResilientRedisCache, self).set_many(data, timeout, version),
            list(data),
            made,
        )

    def delete_many(self, keys: Iterable[Any], version: int | None = None) -> None:
        keys = list(keys)
        if not keys:
            return
        made = [self.make_and_validate_key(key, version=version) for key in keys]
        self._call(lambda: self._cache.delete_many(made), None, made)

    # Whether Redis was cleared, as RedisCache answers (its stubs keep BaseCache's None).
    def clear(self) -> bool:  # type: ignore[override]
        return self._call(lambda: bool(self._cache.clear()), False)


def cache_reachable(alias: str = "default") -> bool:
    """Whether the cache `alias` can keep counts now: True for a cache in memory, and for a
    `ResilientRedisCache` whose Redis answers (one round trip, none while it is known to be
    away)."""
    backend = caches[alias]
    if isinstance(backend, ResilientRedisCache):
        return backend.reachable()
    return True
