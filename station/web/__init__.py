"""The teacher's page: the class roster, every game's history and the station live, served on
the local network by Flask when the config turns it on (docs/teacher.md).

The referee never waits for it: the daemon's loop publishes what the page may show to a
``Board`` (copies, under a lock) and the page reads from there, the journal (read-only) and the
roster's own file. Nothing here is imported unless ``[web] enabled = true``.
"""
