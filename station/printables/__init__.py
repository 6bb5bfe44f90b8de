"""Print-and-play: every deck and mat as a PDF, drawn from the engine's catalog.

What is printed is what the station reads: the card images the virtual table and the tests
use are rasterised from the very same drawing (``raster.render_card``).
"""
