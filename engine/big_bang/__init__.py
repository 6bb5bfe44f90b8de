"""Big Bang: triangle cards on a triangle lattice around the Black Star (``lattice``)."""
