"""Device interfaces (camera, display, buttons, buzzer, LED) with real and mock backends chosen by configuration."""
