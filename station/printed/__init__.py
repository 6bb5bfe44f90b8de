"""The printed-item contract: what the printer draws and the camera reads, in one low place.

``cards``: every card shape (its outline and where its QR codes sit, in millimetres) and the QR
code's size; ``markers``: the ArUco dictionary of the mats' corner markers and their cells.
Printing, vision and the virtual table all import these numbers; none of them imports another
for them, so the printed card and the camera can never disagree.
"""
