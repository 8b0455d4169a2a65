/// The JSON document of `apdu send`.
struct APDUSendReport: Encodable {
    let reader: ReaderChoice
    let protocolName: String?
    let exchanges: [APDUExchange]

    private enum CodingKeys: String, CodingKey { case reader, protocolName = "protocol", exchanges }
}
