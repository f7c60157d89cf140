"""The test suite's Hypothesis profiles.

`make test` (and CI) runs every property on the same examples each time
(`derandomize`): the suite is deterministic like the judge, and a failure
is the same on every machine. `HYPOTHESIS_PROFILE=explore make test` draws
fresh random examples to look for new failures (and keeps them in the local
example database, so a failure found once is replayed).
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("repeatable", derandomize=True, database=None)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))
