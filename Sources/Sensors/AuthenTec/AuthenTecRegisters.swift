/// The one kind of OUT message AuthenTec's AES chips take (libfprint 1.94.5's aes2501 driver; the AES3500 takes
/// the same): a URB of (register, value) pairs on bulk endpoint 0x02.
enum AuthenTecRegisters {
    /// The bulk OUT endpoint every register write goes to.
    static let writeEndpoint: UInt8 = 0x02

    /// One write URB: the pairs in order, `reg0 val0 reg1 val1 …`. The URB boundaries are part
    /// of the protocol as recorded (a pcapng replay compares URBs one for one).
    static func write(_ pairs: KeyValuePairs<UInt8, UInt8>) -> USBStep {
        .bulkOut(endpoint: writeEndpoint, bytes: pairs.flatMap { [$0.key, $0.value] })
    }
}
