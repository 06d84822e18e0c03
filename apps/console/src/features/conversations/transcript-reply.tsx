import { type BotMessage, receiptMessage } from '@hiwar/contracts';
import { Box } from '@mantine/core';
import { ReplyView } from '../../components/reply-view.tsx';
import { ReceiptView } from './receipt-view.tsx';

/**
 * One message the bot sent, as the sender saw it: the debugger's drawing of texts, cards, quick replies, media,
 * locations and adverts, and a receipt drawn as the messenger draws it rather than as its plain-text form.
 */
export function TranscriptReply({ message }: { message: BotMessage }) {
  const receipt = receiptMessage.safeParse(message);
  if (receipt.success)
    return (
      <Box data-testid="reply-receipt">
        <ReceiptView receipt={receipt.data} />
      </Box>
    );
  return <ReplyView reply={message} />;
}
