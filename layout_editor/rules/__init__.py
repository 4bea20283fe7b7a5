"""The rules core: what the game's rules make of a layout (shapely; no Qt)."""
