import ArgumentParser

/// `pbtool sensor`: the swipe fingerprint sensors on USB, and a simulated one.
struct SensorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sensor",
        abstract: "List, describe, watch and capture from fingerprint sensors, press and swipe.",
        discussion: """
            Supported sensors (`pbtool sensor list --supported`): swipe — AuthenTec AES2501, \
            Validity VFS5011, VFS301, VFS0050, Elan 04f3:0c26, Egis 0570, UPEK TouchChip; press — \
            AuthenTec AES3500, NEXT NB-1010-U, Validity VFS7552. Without hardware, \
            --sensor sim[:SOURCE] cuts an image file, a directory of images (one per swipe) or a \
            synthetic finger (synthetic:SEED) into strips the way a swipe does.

            One pbtool at a time uses a sensor: a second gets "sensor busy (pid N, command)", \
            exit 8. Access to the USB device needs the udev rule udev/70-pbtool.rules \
            (`sudo make install-udev`). See docs/sensor.md.
            """,
        subcommands: [SensorListCommand.self, SensorInfoCommand.self, SensorCaptureCommand.self, SensorWatchCommand.self]
    )
}
