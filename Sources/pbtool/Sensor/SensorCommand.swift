import ArgumentParser

/// `pbtool sensor`: the swipe fingerprint sensors on USB, and a simulated one.
struct SensorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sensor",
        abstract: "List, describe and capture from swipe fingerprint sensors.",
        discussion: """
            Supported sensors: AuthenTec AES2501 (USB 08ff:2580, 08ff:2500) and Validity VFS5011 \
            (138a:0010, 0011, 0015, 0017, 0018). Without hardware, --sensor sim[:SOURCE] cuts an \
            image file, a directory of images (one per swipe) or a synthetic finger \
            (synthetic:SEED) into strips the way a swipe does.

            Access to the USB device needs the udev rule udev/70-pbtool.rules \
            (`sudo make install-udev`). See docs/sensor.md.
            """,
        subcommands: [SensorListCommand.self, SensorInfoCommand.self, SensorCaptureCommand.self, SensorWatchCommand.self]
    )
}
