"""Frames to cards: find the codes and markers the camera sees, and map them onto the table."""
