import type { ResponseBody, ResponseType } from '@hiwar/contracts';
import { Alert, Button, Card, Group, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardsTemplate } from './cards-template.tsx';
import { stepPropsOf, useEditorOutlet } from './editor-context.ts';
import { ImageUploadButton } from './image-upload-button.tsx';
import { MapTemplate } from './map-template.tsx';
import { SaveStepButton } from './step-actions.tsx';
import type { StepProps } from './step-props.ts';
import { TextTemplate } from './text-template.tsx';

const templateTabs = ['text', 'cards', 'media', 'receipt', 'map'] as const;
type TemplateTab = (typeof templateTabs)[number];

/** The stored type each tab answers with; the receipt is a sample only. */
const typeOfTab: Record<TemplateTab, ResponseType | null> = {
  text: 'text',
  cards: 'static_cards',
  media: 'text',
  receipt: null,
  map: 'location',
};
/** The types the template itself sets; others (api, dataset…) keep their type and only gain the intro text. */
const templateTypes: readonly ResponseType[] = ['text', 'quick_rep', 'static_cards', 'location'];

const MEDIA_URL = /^https?:\/\/\S+\.(png|jpe?g|gif|webp|svg|mp4|webm|ogv|ogg|mov)(\?\S*)?$/i;

function tabOf(record: ResponseBody): TemplateTab {
  if (record.resp_type === 'static_cards') return 'cards';
  if (record.resp_type === 'location') return 'map';
  if (MEDIA_URL.test(record.resp_text.trim()) && record.resp_quick_reply.length === 0) return 'media';
  return 'text';
}

/** The Media tab: the address of an image or a video (stored as the answer's text), or an uploaded image. */
function MediaTemplate({ record, onChange }: StepProps) {
  const { t } = useTranslation();
  return (
    <Group align="flex-end" gap="xs">
      <TextInput
        style={{ flex: 1 }}
        label={t('responses.template.mediaUrl')}
        description={t('responses.template.mediaHint')}
        placeholder="https://"
        dir="ltr"
        value={record.resp_text}
        onChange={(event) => onChange({ resp_text: event.currentTarget.value })}
      />
      <ImageUploadButton
        label={t('responses.template.uploadMedia')}
        onUploaded={(url) => onChange({ resp_text: url })}
      />
    </Group>
  );
}

/** The Receipt tab: a sample of what a receipt answer looks like, with its three actions. */
function ReceiptSample() {
  const { t } = useTranslation();
  return (
    <Card withBorder maw={360} data-testid="receipt-sample">
      <Stack gap="xs">
        <Text fw={600}>{t('responses.template.receiptTitle')}</Text>
        <Text size="sm" c="dimmed">
          {t('responses.template.receiptHint')}
        </Text>
        {(['view', 'confirm', 'cancel'] as const).map((action) => (
          <Button key={action} variant="default" size="xs" disabled>
            {t(`responses.template.receiptActions.${action}`)}
          </Button>
        ))}
      </Stack>
    </Card>
  );
}

/** The template step (spec part 2 §2): Static text, Static cards, Media, Receipt and Map; Save opens extra options. */
export function TemplateStep() {
  const { t } = useTranslation();
  const outlet = useEditorOutlet();
  const props = stepPropsOf(outlet);
  const [tab, setTab] = useState<TemplateTab>(() => (props ? tabOf(props.record) : 'text'));
  if (!props) return null;
  const storedType = props.record.resp_type;
  const isTemplateType = templateTypes.includes(storedType);
  const typeToSave = (): Partial<ResponseBody> => {
    const type = typeOfTab[tab];
    return isTemplateType && type ? { resp_type: type } : {};
  };
  return (
    <Stack gap="md">
      <Title order={3} fz="md">
        {t('responses.template.title')}
      </Title>
      {!isTemplateType && (
        <Alert color="blue">
          {storedType === 'sub'
            ? t('responses.template.subIntro')
            : t('responses.template.introOnly', { type: t(`responses.types.${storedType}`) })}
        </Alert>
      )}
      <Tabs value={tab} onChange={(value) => value && setTab(value as TemplateTab)} keepMounted={false}>
        <Tabs.List mb="md">
          {templateTabs.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`responses.template.tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="text">
          <TextTemplate {...props} />
        </Tabs.Panel>
        <Tabs.Panel value="cards">
          <CardsTemplate {...props} />
        </Tabs.Panel>
        <Tabs.Panel value="media">
          <MediaTemplate {...props} />
        </Tabs.Panel>
        <Tabs.Panel value="receipt">
          <ReceiptSample />
        </Tabs.Panel>
        <Tabs.Panel value="map">
          <MapTemplate {...props} />
        </Tabs.Panel>
      </Tabs>
      <SaveStepButton outlet={outlet} next="extra-options" patch={typeToSave} />
    </Stack>
  );
}
