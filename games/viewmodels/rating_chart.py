"""A player's rating history as an inline SVG line (made on the server: the
profile needs no script), scaled to its own lowest and highest points."""

from dataclasses import dataclass

WIDTH, HEIGHT, MARGIN = 320, 80, 4


@dataclass(frozen=True)
class Chart:
    points: str  # the polyline's points attribute
    first: int
    last: int
    low: int
    high: int
    width: int = WIDTH
    height: int = HEIGHT


def chart(history: tuple[int, ...]) -> Chart | None:
    """None for fewer than two points: a line needs two."""
    if len(history) < 2:
        return None
    low, high = min(history), max(history)
    span = (high - low) or 1
    step = (WIDTH - 2 * MARGIN) / (len(history) - 1)
    coordinates = [
        (MARGIN + i * step, HEIGHT - MARGIN - (value - low) / span * (HEIGHT - 2 * MARGIN))
        for i, value in enumerate(history)
    ]
    points = " ".join(f"{x:.1f},{y:.1f}" for x, y in coordinates)
    return Chart(points, history[0], history[-1], low, high)
