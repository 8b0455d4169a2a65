// Sensors: swipe-sensor drivers as data, the swipe capture and the simulated sensor.
