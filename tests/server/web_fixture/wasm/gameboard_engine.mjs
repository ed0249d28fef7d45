// fixture engine
