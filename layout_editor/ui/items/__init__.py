"""Graphics items of the table: boards, pieces, ghosts, gaps."""
