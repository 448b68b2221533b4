"""The Redis transport of the task broker, with one defect of kombu's closed.

When Redis goes away, a worker tears its broker connection down and builds a new one. A
worker with a free pool slot is waiting on a ``BRPOP`` at that moment, so closing its
consuming channel fails on that read (a connection error) before the channel marks itself
closed or gives back the messages it holds unacknowledged (those of the tasks running, as
tasks are acknowledged when they end). ``Connection.collect()`` swallows that error and
detaches the transport from its connection (``transport.client = None``). Celery then
closes the connection once more; the same channel, still open, now tries to give its
messages back through a new pool of Redis connections, whose address it reads from the
detached ``transport.client``: ``AttributeError: 'NoneType' object has no attribute
'hostname'``. That is not a connection error, so the worker takes it as unrecoverable and
stops for good. The same happens to the acknowledgement of a task that ends after the
connection was lost.

Here a channel whose transport was detached raises a connection error instead, as talking
to a broker that is gone does: Celery ignores it while closing, logs it for an
acknowledgement, and reconnects. Messages that could not be given back are the broker's
again after the visibility timeout if it kept them; pairing runs whose message is lost
are sent again by the sweeper (`pairing.services.runs.runs_sweep`).

Used for ``redis://`` brokers (`CELERY_BROKER_TRANSPORT` in the settings).
"""

from __future__ import annotations

from typing import Any

from kombu.transport import redis as kombu_redis
from redis.exceptions import ConnectionError as RedisConnectionError


class Channel(kombu_redis.Channel):
    def _connparams(self, asynchronous: bool = False) -> Any:
        transport = self.connection
        if transport is None or transport.client is None:
            raise RedisConnectionError("The connection to the broker was closed.")
        # A private method of kombu's, which the stubs (celery-types) leave out.
        return super()._connparams(asynchronous=asynchronous)  # type: ignore[misc]


class Transport(kombu_redis.Transport):
    Channel = Channel
