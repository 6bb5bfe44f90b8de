"""What the OLED shows and what each button means on each screen: views (plain values), the
screens that draw them, and the controller that picks them."""
