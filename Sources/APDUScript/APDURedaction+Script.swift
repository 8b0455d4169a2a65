import APDU

extension APDURedaction {
    /// What script traces hide by default: the data of VERIFY, CHANGE REFERENCE DATA and RESET
    /// RETRY COUNTER (PINs, templates; ISO 7816-4 §11.5) and of GlobalPlatform PUT KEY (`D8`, keys).
    public static let scriptDefault = APDURedaction(hidesCommandData: { command in
        [0x20, 0x21, 0x24, 0x25, 0x2C, 0x2D, 0xD8].contains(command.ins)
    })

    /// Hides every command's data: for commands built from environment values, which is where
    /// scripts keep keys.
    static let allCommandData = APDURedaction(hidesCommandData: { _ in true })
}
