"""Simulated players and tables: the station's stand-ins for children, for demos and tests."""
