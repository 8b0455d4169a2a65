// USB: the Swift binding of libusb-1.0 (devices, handles, transfers, hot-unplug).
