"""How each game lies on the table: its mat, zones and piles, in millimetres on the table."""
