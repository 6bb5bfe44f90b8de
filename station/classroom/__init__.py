"""A classroom of stations: each station a client of one MQTT broker (Mosquitto), the class
dashboard another. ``topics`` is the contract both sides speak; docs/classroom.md tells it."""
