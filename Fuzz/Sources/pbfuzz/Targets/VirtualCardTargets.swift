import APDU
import VirtualCard

/// The virtual card's side of vpcd: the frame reader cutting pcscd's byte stream, the message
/// decoder, and the card answering whatever arrives (what a hostile or broken host can send).
enum VirtualCardTargets {
    static let all = [vpcdStream]

    /// Input: `n` then `n` bytes of stream, repeated, so frames arrive split anywhere. Every
    /// complete frame goes to a fresh card with the catalog's applets.
    static let vpcdStream = FuzzTarget(
        name: "vpcd-frames", summary: "VPCDFrameDecoder over arbitrary splits, VPCDMessage, VirtualCard.answer",
        maximumLength: 8_192,
        run: { bytes in
            var input = FuzzInput(bytes)
            var decoder = VPCDFrameDecoder()
            var received: [UInt8] = [], framed: [UInt8] = []
            guard let card = try? VirtualCard(applets: AppletCatalog.all()) else {
                FuzzCheck.require(false, "the catalog card does not build")
                return
            }
            while !input.isEmpty {
                let chunk = input.take(Int(input.byte()))
                received += chunk
                decoder.append(chunk)
                while let payload = decoder.nextPayload() {
                    framed += (try? VPCDFrameDecoder.frame(payload)) ?? []
                    answer(payload, with: card)
                }
            }
            // What came out, framed again, is exactly the stream up to the last complete frame.
            FuzzCheck.require(received.starts(with: framed), "decoded frames do not re-frame to the stream")
            FuzzCheck.require(decoder.hasPartialFrame == (received.count > framed.count),
                              "partial-frame flag disagrees with \(received.count - framed.count) unread byte(s)")
        },
        seeds: { VirtualCardSeeds.streams })

    private static func answer(_ payload: [UInt8], with card: VirtualCard) {
        guard let message = try? VPCDMessage(payload: payload) else {
            FuzzCheck.require(payload.isEmpty, "VPCDMessage refused a non-empty payload")
            return
        }
        let answer = card.answer(message)
        switch message {
        case .getATR:
            FuzzCheck.require(answer == card.atr, "get-ATR did not answer the ATR")
        case .command:
            FuzzCheck.require((answer?.count ?? 0) >= 2, "a command got no status word")
        default:
            FuzzCheck.require(answer == nil, "a control message got an answer")
        }
    }
}
