internal import CPCSCLite

extension PCSCCard {
    /// The control code pcsc-lite expects for reader function `function`
    /// (`SCARD_CTL_CODE`, `0x42000000 + function` on pcsc-lite; Windows numbers them differently).
    public static func controlCode(_ function: UInt32) -> UInt32 {
        UInt32(truncatingIfNeeded: cpcsc_ctl_code(UInt(function)))
    }

    /// Sends a control command to the reader and returns its answer (`SCardControl`).
    ///
    /// Readers without the function answer `PCSCError.unsupportedFeature` (vpcd does for all).
    public func control(_ code: UInt32, _ data: [UInt8] = []) throws(PCSCError) -> [UInt8] {
        try context.bounded(by: operationLimit, awaiting: "the reader's answer to control code \(code)") { () throws(PCSCError) in
            try sendControl(code, data)
        }
    }

    private func sendControl(_ code: UInt32, _ data: [UInt8]) throws(PCSCError) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: Int(CPCSC_MAX_BUFFER_SIZE_EXTENDED))
        var received: UInt = 0
        let status = output.withUnsafeMutableBufferPointer { outputBuffer in
            data.withUnsafeBufferPointer { inputBuffer in
                SCardControl(handle, UInt(code), inputBuffer.baseAddress, UInt(inputBuffer.count),
                             outputBuffer.baseAddress, UInt(outputBuffer.count), &received)
            }
        }
        try check(status, "SCardControl", on: context.interruption)
        return Array(output.prefix(Int(received)))
    }

    /// The value of a reader attribute, or nil when the reader or driver does not provide it
    /// (`SCardGetAttrib`; vpcd provides none and answers `0x8010001F`).
    ///
    /// Asks with a `MAX_BUFFER_SIZE` buffer: pcsc-lite forwards the caller's buffer size to the
    /// driver, so a length-only query (null buffer) fails with `SCARD_E_INSUFFICIENT_BUFFER`.
    public func attribute(_ attribute: ReaderAttribute) throws(PCSCError) -> [UInt8]? {
        var length = UInt(MAX_BUFFER_SIZE)
        var value = [UInt8](repeating: 0, count: Int(length))
        let status = value.withUnsafeMutableBufferPointer {
            SCardGetAttrib(handle, UInt(attribute.rawValue), $0.baseAddress, &length)
        }
        if Self.meansUnsupported(status) { return nil }
        try check(status, "SCardGetAttrib", on: context.interruption)
        return Array(value.prefix(Int(length)))
    }

    /// The PC/SC part 10 features the reader offers, with the control code of each
    /// (`CM_IOCTL_GET_FEATURE_REQUEST`); empty when the reader has none or does not answer.
    public func features() throws(PCSCError) -> [ReaderFeature: UInt32] {
        let answer: [UInt8]
        do {
            answer = try control(Self.controlCode(3400))
        } catch {
            guard error.isUnsupportedFeature || error == .invalidParameter else { throw error }
            return [:]
        }
        return ReaderFeature.parse(answer)
    }

    private static func meansUnsupported(_ status: Int) -> Bool {
        let error = PCSCError(status: status, function: "")
        return status != Int(SCARD_S_SUCCESS) && (error.isUnsupportedFeature || error == .invalidParameter)
    }
}
