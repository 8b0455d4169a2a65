import APDU

extension CardEdgeError {
    /// Whether `error` means the card is gone: removed, its connection dropped, or an answer
    /// without a status word (what vpcd passes on when the card's connection closes mid-command).
    public static func isCardGone(_ error: any Error) -> Bool {
        if case APDUError.responseTooShort = error { return true }
        switch mapping(error) as? CardEdgeError {
        case .cardRemoved?, .connectionLost?: return true
        default: return false
        }
    }

    /// `body`'s value, or nil when it fails, for answers a report can do without — except when
    /// the card is gone, which is thrown: a report must not pass a pulled card off as complete.
    public static func unlessCardGone<Value>(_ body: () throws -> Value) throws -> Value? {
        do {
            return try body()
        } catch where isCardGone(error) {
            throw error
        } catch {
            return nil
        }
    }
}
