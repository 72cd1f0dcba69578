"""Requests one JSON line each, answered one JSON line each: a trick judged
(:mod:`.judge`, behind ``shengji judge``) and a position solved (:mod:`.solve`, behind
``shengji solve``); their fields read by :mod:`.fields`."""
