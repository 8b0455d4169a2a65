import APDU

/// Response data waiting for GET RESPONSE (ISO 7816-4 §7.6.1): what a T=0 card does when its
/// answer is longer than the Le it was sent, or when the command had no Le at all.
struct PendingResponse {
    private var data: [UInt8] = []
    private var offset = 0
    private var finalStatus: StatusWord = .success

    /// Whether bytes are left for GET RESPONSE.
    var hasData: Bool { offset < data.count }

    mutating func clear() {
        data = []
        offset = 0
    }

    /// Takes an applet's answer to a command with expected length `ne` (nil: no Le): sends up to
    /// `ne` bytes now and keeps the rest behind `61XX`.
    mutating func start(_ response: ResponseAPDU, ne: Int?) -> ResponseAPDU {
        clear()
        let sendable = ne ?? 0
        guard response.data.count > sendable else { return response }
        data = response.data
        offset = sendable
        finalStatus = response.statusWord
        return ResponseAPDU(data: Array(data[0..<sendable]), statusWord: moreAvailable)
    }

    /// Answers GET RESPONSE: the next `Ne` bytes (256 when it has no Le), then `61XX` while more
    /// remain, else the applet's own status word.
    mutating func next(_ command: CommandAPDU) -> ResponseAPDU {
        let count = min(command.ne ?? 256, data.count - offset)
        let chunk = Array(data[offset..<(offset + count)])
        offset += count
        if hasData { return ResponseAPDU(data: chunk, statusWord: moreAvailable) }
        let status = finalStatus
        clear()
        return ResponseAPDU(data: chunk, statusWord: status)
    }

    /// `61XX` with XX the bytes left, `6100` for 256 or more.
    private var moreAvailable: StatusWord {
        let remaining = data.count - offset
        return StatusWord(sw1: 0x61, sw2: remaining >= 256 ? 0 : UInt8(remaining))
    }
}
