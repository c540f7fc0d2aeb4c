"""Tournaments: pure pairing and scoring per format (`swiss`, `arena`, `roundrobin`,
`scoring`), and the director that runs them on the table service (`director`)."""
