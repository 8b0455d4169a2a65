import Foundation

/// The VFS5011's USB conversation as step tables (libfprint 1.94.5's vfs5011 driver).
///
/// Commands go to bulk OUT 0x01; replies come on bulk IN 0x81, data on bulk IN 0x82. The read
/// buffer sizes are part of the protocol: umockdev's replay answers only a read of the
/// recorded size. The blobs themselves are in `VFS5011Commands+Blobs.swift`.
enum VFS5011Commands {
    static let commandEndpoint: UInt8 = 0x01
    static let replyEndpoint: UInt8 = 0x81
    static let dataEndpoint: UInt8 = 0x82
    /// One capture read: 256 line records of 240 bytes (§2.3).
    static let captureReadLength = 61_440

    /// Step 1–31 of §2.1: 31 commands, 77 transfers.
    static let open: [USBStep] = [
        send(o0), reply, send(o1), reply, reply, send(o2), reply, send(o3), reply,       // 1–4
        send(o4), ok, send(o0), reply, send(o5), ok, send(o6), ok,                       // 5–8
        send(o7), ok, data(256), data(64), send(o5), ok, send(o8), ok, send(o0), reply,  // 9–12
        send(o9), ok, data(17_216), data(32), send(o10), ok, data(45_056),               // 13–14
        send(o11), ok, data(16_896), send(o12), ok, data(4_928),                         // 15–16
        send(o13), ok, data(5_632), send(o14), ok, data(5_632),                          // 17–18
        send(o15), ok, data(3_328), data(64), send(o16), ok, send(o5), ok,               // 19–21
        send(o6), ok, send(o17), ok, data(4_800), send(o5), ok, send(o4), ok,            // 22–25
        send(o18), reply, send(o5), ok, send(o19), ok,                                   // 26–28
        send(o20), reply(2_368), reply, data(4_800), send(o21), ok, send(o22), ok,       // 29–31
    ]

    /// Steps a–h of §2.2: arms a capture, at activation and after every capture (8 commands,
    /// 20 transfers). The last acknowledgement is read with the 2368-byte buffer.
    static let arm: [USBStep] = [
        send(o23), data(64), data(84_032), ok,                                           // a
        send(o5), ok, send(o4), ok, send(o5), ok, send(o19), ok,                         // b–e
        send(o24), reply(2_368), reply, data(4_800),                                     // f
        send(o21), ok, send(o25),                                                        // g–h
        .bulkIn(endpoint: replyEndpoint, length: 2_368, expect: .exactly([0x00, 0x00])),
    ]

    /// One capture read on the data endpoint; short replies are normal.
    static let captureRead: USBStep = .bulkIn(endpoint: dataEndpoint, length: captureReadLength, expect: .anything)

    private static func send(_ blob: [UInt8]) -> USBStep {
        .bulkOut(endpoint: commandEndpoint, bytes: blob)
    }

    /// "C": a reply on 0x81 whose content is ignored (64-byte buffer unless given).
    private static let reply = reply(64)

    private static func reply(_ length: Int) -> USBStep {
        .bulkIn(endpoint: replyEndpoint, length: length, expect: .anything)
    }

    /// "OK": a reply on 0x81 that must be exactly `00 00`.
    private static let ok: USBStep = .bulkIn(endpoint: replyEndpoint, length: 64, expect: .exactly([0x00, 0x00]))

    /// "D(n)": data on 0x82, discarded (calibration blocks).
    private static func data(_ length: Int) -> USBStep {
        .bulkIn(endpoint: dataEndpoint, length: length, expect: .anything)
    }
}
