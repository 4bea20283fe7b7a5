from .cover import CoverFeature, CoverResult, cover_between, cover_features  # noqa
from .routes import access_points_crossed, balance, distances_from, measure, straight_distances  # noqa
