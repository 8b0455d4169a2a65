extension Double {
    /// `2`, `0.5`: seconds without trailing zeros, for messages.
    var formattedSeconds: String {
        self == rounded() ? String(Int(self)) : String(self)
    }
}
