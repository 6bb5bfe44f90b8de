"""The class dashboard (``mathstation classroom``): the teacher's side of a classroom of stations.

``settings`` reads its config, ``messages`` checks what arrives against the contract
(``station.classroom.topics``), ``store`` keeps it (SQLite), ``link`` is the MQTT client,
``history`` merges the stations' games, ``app`` is the page and ``server`` runs them together.
It names no game: the command hands the plug-ins down.
"""
